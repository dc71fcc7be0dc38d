"""Discard analysis against brute-force enumeration with the itemised scorer."""

from __future__ import annotations

import json
from itertools import combinations
from statistics import fmean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.discard import analyse_discards, mean_show_over_starters
from engine.analysis.rank_multisets import base_score_of_ranks
from engine.cards import DECK, parse_cards
from engine.errors import InvalidCardError
from engine.scoring import ScoreKind, score_show
from trainer.cli import main


def brute_hand_ev(keep, unseen):
    return fmean(score_show(keep, s).total for s in unseen)


def brute_crib_ev(out, unseen, crib_unknown):
    totals = []
    for others in combinations(unseen, crib_unknown):
        for starter in unseen:
            if starter not in others:
                totals.append(score_show(out + others, starter, crib=True).total)
    return fmean(totals)


def option_for(options, discard_text):
    wanted = set(parse_cards(discard_text))
    return next(o for o in options if set(o.discard) == wanted)


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=6, unique=True))
@settings(max_examples=200, deadline=None)
def test_base_score_is_the_show_without_flush_and_nobs(cards):
    show = score_show(cards[:-1], cards[-1])
    base = sum(i.points for i in show.items if i.kind not in (ScoreKind.FLUSH, ScoreKind.NOBS))
    assert base_score_of_ranks([int(c.rank) for c in cards]) == base


def test_hand_ev_is_the_mean_over_all_46_starters():
    hand = parse_cards("5H 5D JS 4C 6D KS")
    unseen = [c for c in DECK if c not in hand]
    options = analyse_discards(hand, dealer=True)
    assert len(options) == 15
    for option in options:
        assert option.hand_ev == pytest.approx(brute_hand_ev(option.keep, unseen), abs=1e-9)


def test_hand_ev_counts_a_four_card_flush_and_its_nob():
    hand = parse_cards("2H 4H 8H JH KS QC")
    unseen = [c for c in DECK if c not in hand]
    option = option_for(analyse_discards(hand, dealer=False), "KS QC")
    assert option.hand_ev == pytest.approx(brute_hand_ev(option.keep, unseen), abs=1e-9)


@pytest.mark.parametrize(
    "hand, discard",
    [
        ("5H 5D JS 4C 6D KS", "JS KS"),  # a jack to the crib: nobs with a spade starter
        ("2H 7H 9C 10D QS KS", "2H 7H"),  # suited discard: the five-card crib flush
    ],
)
@pytest.mark.slow
def test_crib_ev_is_the_mean_over_every_opponent_pair_and_starter(hand, discard):
    cards = parse_cards(hand)
    unseen = tuple(c for c in DECK if c not in cards)
    option = option_for(analyse_discards(cards, dealer=True), discard)
    assert option.crib_ev == pytest.approx(brute_crib_ev(option.discard, unseen, 2), abs=1e-9)


@st.composite
def small_deals(draw):
    """A hand of one of the variants' sizes and a small pool of unseen cards."""
    size, discards = draw(st.sampled_from([(6, 2), (5, 2), (7, 2), (5, 1)]))
    cards = draw(st.lists(st.sampled_from(DECK), min_size=size + 9, max_size=size + 11, unique=True))
    return tuple(cards[:size]), tuple(cards[size:]), discards


@given(small_deals(), st.booleans())
@settings(max_examples=12, deadline=None)
def test_every_variant_matches_enumeration_over_a_small_unseen_pool(deal, dealer):
    hand, unseen, discards = deal
    options = analyse_discards(hand, dealer=dealer, discards=discards, unseen=unseen)
    assert len(options) == len(list(combinations(hand, discards)))
    for option in options:
        hand_ev = brute_hand_ev(option.keep, unseen)
        crib_ev = brute_crib_ev(option.discard, unseen, 4 - discards)
        assert option.hand_ev == pytest.approx(hand_ev, abs=1e-9)
        assert option.crib_ev == pytest.approx(crib_ev, abs=1e-9)
        assert option.net_ev == pytest.approx(hand_ev + crib_ev if dealer else hand_ev - crib_ev, abs=1e-9)
    nets = [o.net_ev for o in options]
    assert nets == sorted(nets, reverse=True)


def test_five_fives_cannot_be_dealt():
    with pytest.raises(InvalidCardError):
        analyse_discards("5H 5D 5S 5C 5H 6D", dealer=True)


@pytest.mark.parametrize("hand", ["5H 5D JS", "5H 5D JS 4C 6D KS 2C 3C"])
def test_only_the_variants_deal_sizes_are_analysed(hand):
    with pytest.raises(InvalidCardError, match="the variants keep 3, 4 or 5"):
        analyse_discards(hand, dealer=True)


def test_unseen_pool_may_not_hold_a_hand_card():
    with pytest.raises(InvalidCardError):
        analyse_discards("5H 5D JS 4C 6D KS", dealer=True, unseen=parse_cards("5H 2C 3C 4D"))


def test_cli_discard_json_rows_sorted_by_net_ev(capsys):
    assert main(["discard", "5H 5D JS 4C 6D KS", "--pone", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 15
    assert set(rows[0]) == {"keep", "discard", "hand_ev", "crib_ev", "net_ev"}
    assert [r["net_ev"] for r in rows] == sorted((r["net_ev"] for r in rows), reverse=True)
    for row in rows:
        assert row["net_ev"] == pytest.approx(row["hand_ev"] - row["crib_ev"], abs=1e-3)


def test_cli_discard_text_names_the_best_discard(capsys):
    assert main(["discard", "5H 5D JS 4C 6D KS", "--dealer"]) == 0
    out = capsys.readouterr().out
    assert "J♠ K♠" in out.splitlines()[4]


def test_cli_discard_bad_hand_is_one_line_exit_2(capsys):
    assert main(["discard", "5H 5D JS 4C 6D", "--dealer", "--discards", "3"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True), st.booleans())
@settings(max_examples=40, deadline=None)
def test_mean_show_over_starters_matches_the_scorer(cards, crib):
    pool = [c for c in DECK if c not in cards]
    expected = fmean(score_show(cards, s, crib=crib).total for s in pool)
    assert mean_show_over_starters(cards, pool, crib=crib) == pytest.approx(expected, abs=1e-9)


def test_mean_crib_counts_the_five_card_flush_and_nobs():
    cards = parse_cards("2H 6H 9H JH")
    pool = [c for c in DECK if c not in cards]
    expected = fmean(score_show(cards, s, crib=True).total for s in pool)
    assert mean_show_over_starters(cards, pool, crib=True) == pytest.approx(expected, abs=1e-9)


def test_crib_table_has_every_pair_for_both_roles_and_fives_are_best():
    from engine.analysis.cribtable import CRIB_TABLE

    for role in ("dealer", "pone"):
        cells = CRIB_TABLE[role]
        assert len(cells) == 91
        assert max(cells, key=cells.get) == (5, 5)
        assert all(1.5 < value < 10.5 for value in cells.values())
    # Published tables put 5-5 to one's own crib at about 8.8-9.0 points.
    assert 8.3 < CRIB_TABLE["dealer"][(5, 5)] < 9.5


def test_table_crib_model_changes_only_the_crib():
    uniform = {frozenset(o.discard): o for o in analyse_discards("5H 5D JS 4C 6D KS", dealer=False)}
    table = analyse_discards("5H 5D JS 4C 6D KS", dealer=False, crib_model="table")
    from engine.analysis.cribtable import crib_value

    for option in table:
        same = uniform[frozenset(option.discard)]
        assert option.hand_ev == same.hand_ev
        ranks = sorted(int(c.rank) for c in option.discard)
        assert option.crib_ev == crib_value(*ranks, dealer=False)
        assert option.net_ev == pytest.approx(option.hand_ev - option.crib_ev)


def test_table_crib_model_is_for_six_card_deals():
    with pytest.raises(ValueError, match="six-card deals"):
        analyse_discards("5H 5D JS 4C 6D", dealer=True, crib_model="table")
