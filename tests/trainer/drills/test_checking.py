"""Answer checking: totals, categories and claims against the engine's items."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.cards import DECK
from engine.pegging import score_play
from engine.scoring import SHOW_KINDS, ScoreItem, ScoreKind, score_show
from trainer.drills.checking import (
    AnswerMode,
    Claim,
    ClaimKind,
    ComboType,
    KindVerdict,
    check_categories,
    check_claims,
    check_pegging,
    check_total,
    combos_of,
)


def test_combo_types_of_a_29():
    types = [c.type for c in combos_of(score_show("5H 5D 5S JC", "5C"))]
    assert types.count(ComboType.FIFTEEN_2) == 4  # each five with the jack
    assert types.count(ComboType.FIFTEEN_3) == 4  # three fives at a time
    assert types.count(ComboType.PAIR_ROYAL) == 1
    assert types.count(ComboType.NOBS) == 1


def test_a_single_run_and_a_double_run():
    assert {c.type for c in combos_of(score_show("3S 4H 5D 9C", "KS"))} >= {ComboType.RUN}
    assert ComboType.MULTIPLE_RUNS in {c.type for c in combos_of(score_show("3S 4H 4D 5C", "9S"))}


def test_hand_and_crib_flush_types():
    assert ComboType.HAND_FLUSH in {c.type for c in combos_of(score_show("2H 4H 6H 8H", "KS"))}
    assert ComboType.CRIB_FLUSH in {c.type for c in combos_of(score_show("2H 4H 6H 8H", "KH", crib=True))}


def test_total_right_marks_every_type_right():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 16)
    assert feedback.correct and feedback.points_missed == 0
    assert all(r.right for r in feedback.results)


def test_an_over_claimed_total_misses_nothing_but_is_wrong():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 20)
    assert not feedback.correct and feedback.points_missed == 0 and feedback.diff == 4


def test_categories_spread_missed_points_hardest_first():
    # 2 fifteens of two cards (5+K... ) and five-card fifteens: 16 in fifteens for 5 5 5 J 5
    score = score_show("AS 2D 3C 4H", "5S")  # A+2+3+4+5 = 15 and a run of five
    feedback = check_categories(score, {ScoreKind.FIFTEEN: 0, ScoreKind.RUN: 5})
    by_type = {r.type: r for r in feedback.results}
    assert by_type[ComboType.FIFTEEN_5].missed_points == 2
    assert by_type[ComboType.RUN].right
    assert feedback.missed_kinds == {ScoreKind.FIFTEEN}


def test_claiming_a_kind_that_is_not_there_is_recorded():
    feedback = check_categories(score_show("2H 6H 9H KC", "4H"), {ScoreKind.FLUSH: 4})
    assert not feedback.correct
    assert any(r.type is ComboType.HAND_FLUSH and not r.right for r in feedback.results)


def test_claims_reasons():
    score = score_show("2H 6H 9H KC", "4H")
    claims = [
        Claim.parse("flush", "2H 6H 9H 4H"),
        Claim.parse("fifteen", "6H 9H"),
        Claim.parse("fifteen", "6H 9H"),
        Claim.parse("pair", "KC 9H"),
        Claim.parse("nobs", "KC"),
        Claim.parse("run", "2H 4H 6H"),
    ]
    feedback = check_claims(score, claims)
    reasons = [w.reason for w in feedback.wrong_claims]
    assert reasons == [
        "three hand cards and the starter are never a flush: all four hand cards must match",
        "already claimed",
        "a pair is cards of the same rank (J and Q are not a pair)",
        "his nob is one jack in the hand",
        "those ranks are not in sequence (the ace is low: Q K A is no run)",
    ]
    assert feedback.answered_total == 2
    assert feedback.mode is AnswerMode.CLAIMS and not feedback.correct


def test_a_run_inside_a_longer_run_is_refused():
    feedback = check_claims(score_show("3S 4H 5D 6C", "KS"), [Claim.parse("run", "3S 4H 5D")])
    assert feedback.wrong_claims[0].reason == "that run is part of a longer run: claim the longest"
    assert [item.name for item in feedback.missed if item.kind is ScoreKind.RUN] == ["run of 4"]


def test_crib_flush_of_four_is_a_wrong_claim():
    feedback = check_claims(score_show("2H 4H 6H 8H", "KS", crib=True), [Claim.parse("flush", "2H 4H 6H 8H")])
    assert "a crib flush needs all five cards: the starter too" in feedback.wrong_claims[0].reason


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_claiming_every_combo_is_always_right(rng: random.Random):
    cards = rng.sample(DECK, 5)
    score = score_show(cards[:4], cards[4], crib=rng.random() < 0.5)
    claims = [Claim(ClaimKind(combo.type.category), combo.cards) for combo in combos_of(score)]
    feedback = check_claims(score, claims)
    assert feedback.correct and feedback.answered_total == score.total and feedback.points_missed == 0


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 29))
def test_a_total_is_right_exactly_when_it_equals_the_score(rng: random.Random, answer: int):
    cards = rng.sample(DECK, 5)
    score = score_show(cards[:4], cards[4])
    feedback = check_total(score, answer)
    assert feedback.correct == (answer == score.total)
    assert feedback.points_missed == max(0, score.total - answer)


def test_pegging_check_with_a_go():
    go = ScoreItem(ScoreKind.GO, (), 1)
    feedback = check_pegging(score_play("KS QD 9H"), (go,), 0, 29)
    assert not feedback.correct and feedback.count_right and feedback.points_missed == 1
    assert [r.type for r in feedback.results] == [ComboType.PEG_GO]


def test_claim_kinds_are_the_show_kinds_and_read_back_from_stored_text():
    assert [kind.score_kind for kind in ClaimKind] == list(SHOW_KINDS)
    assert [kind.value for kind in ClaimKind] == [kind.value for kind in SHOW_KINDS]  # stored payloads still load
    claim = Claim.parse("pair", "5D 5H")
    assert claim.kind is ClaimKind.PAIR and Claim.parse(ClaimKind.PAIR, ["5H", "5D"]) == claim


def test_a_claim_of_no_show_kind_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="is not a kind of combo"):
        Claim.parse("dance", "5H 5D")
    with pytest.raises(ValueError, match="is not scored in the show"):
        Claim.parse(ScoreKind.GO.value, "5H")


# ---- which combo types a wrong total counts against (checking.TOTAL_RULE)


def against(feedback) -> set[str]:
    return {combo_type.value for combo_type in feedback.counted_against}


def test_a_total_two_short_counts_against_the_types_whose_combos_make_two():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 14)  # fifteens, a pair, a double run of three
    assert against(feedback) == {"fifteen of 2 cards", "fifteen of 3 cards", "pair"}
    assert next(r for r in feedback.results if r.type is ComboType.MULTIPLE_RUNS).right  # no run is worth 2


def test_a_total_a_run_short_counts_against_the_runs_alone_with_the_points():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 13)
    assert [(r.type, r.missed_points) for r in feedback.results if not r.right] == [(ComboType.MULTIPLE_RUNS, 3)]


def test_a_run_of_four_counted_as_three_counts_against_the_run():
    feedback = check_total(score_show("3S 4H 5D 6C", "KS"), 7)  # fifteens are 2 each: only the run is 1 short
    assert against(feedback) == {"run"}


def test_a_shortfall_no_combination_makes_up_counts_against_no_type():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 15)  # no nobs, no run longer than three
    assert not feedback.correct and feedback.points_missed == 1 and feedback.counted_against == ()


def test_a_total_too_high_counts_against_none_of_the_types_held():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 18)
    assert not feedback.correct and feedback.points_over == 2 and feedback.points_missed == 0
    assert feedback.counted_against == () and all(r.right for r in feedback.results)


def test_an_over_counted_flush_trap_counts_against_the_flush_not_the_run():
    """The issue's case: after one flush trap counted with its false flush, the run was the weakest type."""
    score = score_show("3H 4H 5H KC", "6H")  # three hearts and a heart starter; a run of four; 8 in all
    feedback = check_total(score, 12)
    assert feedback.counted_against == (ComboType.HAND_FLUSH,)
    flush = next(r for r in feedback.results if r.type is ComboType.HAND_FLUSH)
    assert flush.claimed_where_none  # counted apart in the review, as a claim where there was none
    assert next(r for r in feedback.results if r.type is ComboType.RUN).right
    crib = check_total(score_show("2C 6C 9C KC", "4D", crib=True), score_show("2C 6C 9C KC", "4D", crib=True).total + 4)
    assert crib.counted_against == (ComboType.CRIB_FLUSH,)


def test_a_flush_trap_over_counted_by_other_points_counts_against_nothing():
    assert check_total(score_show("3H 4H 5H KC", "6H"), 10).counted_against == ()


def ways_to_leave_out(item: ScoreItem) -> list[int]:
    """Written out apart from checking's: all of an item, or a run of n counted as one
    of 3..n-1 cards, or a flush of five counted as four."""
    ways = [item.points]
    if item.kind is ScoreKind.RUN:
        ways += [len(item.cards) - shorter for shorter in range(3, len(item.cards))]
    if item.kind is ScoreKind.FLUSH and len(item.cards) == 5:
        ways.append(1)
    return ways


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 12))
def test_a_short_total_counts_against_exactly_the_types_that_could_make_it_up(rng: random.Random, short: int):
    """Against a brute force over every way of leaving items out: a type is
    charged when and only when some way of making up the shortfall uses it."""
    cards = rng.sample(DECK, 5)
    score = score_show(cards[:4], cards[4])
    items = [(c.type, item) for c in combos_of(score) for item in c.items]
    choices = [[None] + ways_to_leave_out(item) for _, item in items]
    assume(math.prod(map(len, choices)) <= 20_000)
    explaining = set()
    for picked in itertools.product(*choices):
        if sum(way for way in picked if way) == short:
            explaining |= {t for (t, _), way in zip(items, picked) if way}
    assert set(check_total(score, score.total - short).counted_against) == explaining


# ---- an over-count is its own verdict


def test_a_category_counted_too_high_is_over_not_missed():
    feedback = check_categories(
        score_show("4C 5D 6H KC", "5S"), {ScoreKind.FIFTEEN: 10, ScoreKind.PAIR: 2, ScoreKind.RUN: 3}
    )
    assert feedback.verdicts_of(ScoreKind.FIFTEEN) == (KindVerdict.OVER,)
    assert feedback.verdicts_of(ScoreKind.RUN) == (KindVerdict.MISSED,)
    assert feedback.verdicts_of(ScoreKind.PAIR) == (KindVerdict.RIGHT,)
    assert feedback.points_over == 2 and feedback.points_missed == 3
    assert feedback.missed_kinds == {ScoreKind.RUN}
    assert not any(feedback.is_missed(item) for item in score_show("4C 5D 6H KC", "5S").items_of(ScoreKind.FIFTEEN))


def test_a_wrong_claim_is_over_and_a_combo_not_claimed_is_missed():
    score = score_show("2H 6H 9H KC", "4H")
    wrong = Claim.parse("fifteen", "2H 6H KC")  # 18
    feedback = check_claims(score, [Claim.parse("fifteen", "6H 9H"), wrong])  # 2 9 4 not claimed
    assert feedback.verdicts_of(ScoreKind.FIFTEEN) == (KindVerdict.MISSED, KindVerdict.OVER)
    every = check_claims(score, [Claim.parse("fifteen", "6H 9H"), Claim.parse("fifteen", "2H 9H 4H"), wrong])
    assert every.verdicts_of(ScoreKind.FIFTEEN) == (KindVerdict.OVER,)
    claims = [Claim(ClaimKind(combo.type.category), combo.cards) for combo in combos_of(score)]
    assert check_claims(score, claims).verdicts_of(ScoreKind.FIFTEEN) == (KindVerdict.RIGHT,)


def test_a_total_has_no_verdict_per_kind():
    feedback = check_total(score_show("4C 5D 6H KC", "5S"), 18)
    assert all(feedback.verdicts_of(kind) == () for kind in SHOW_KINDS)
