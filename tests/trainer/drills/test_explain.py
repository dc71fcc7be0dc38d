"""Why the best card and the best discard are best, in words, from the analysis."""

from __future__ import annotations

import random

import pytest

from engine.analysis.discard import analyse_discards
from engine.analysis.play import PlayOption
from engine.cards import DECK, Card, Rank, parse_cards
from engine.scoring import ScoreKind, score_show
from trainer.drills import explain, grading
from trainer.drills.deal import BestPlayQuestion, DiscardDeal
from trainer.drills.explain import Then
from trainer.language.i18n import language


def question(hand: str, pile: str = "", earlier: str = "", seen: str = "2S 3S KS", cards: int = 3, least: int = 1):
    return BestPlayQuestion(parse_cards(hand), parse_cards(pile) if pile else (), parse_cards(earlier) if earlier else (),
                            parse_cards(seen), cards, 1, opponent_min_value=least)


def reading(q: BestPlayQuestion, card: str, immediate: int = 0, net: float = 0.0):
    return explain.read_card(q, PlayOption(Card.parse(card), immediate, net))


def test_a_five_led_lets_any_ten_card_make_fifteen():
    """The issue's example: "the 5 would let them make 15"."""
    read = reading(question("5H 9C"), "5H", net=-1.2)
    assert read.then is Then.SCORES and read.count == 5
    assert read.reply.ranks == (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) and read.reply.points == 2
    assert [item.kind for item in read.reply.items] == [ScoreKind.FIFTEEN]
    assert explain.card_words(read) == ("It pegs nothing now. After it the count is 5: any 10, J, Q or K of theirs "
                                        "would peg them 2 points (fifteen). To the end of the play it nets -1.20 points on average.")


def test_what_a_card_pegs_now_is_named():
    read = reading(question("5H 9C", pile="KD"), "5H", immediate=2, net=2.5)
    assert explain.card_words(read).startswith("It pegs 2 points now (fifteen). After it the count is 15:")
    assert explain.card_words(read).endswith("it nets +2.50 points on average.")


def test_the_reply_that_scores_most_is_the_one_named():
    read = reading(question("5H 9C", pile="5D"), "5H", immediate=2)  # a pair at 10: a third five makes a pair royal and 15
    assert read.reply.ranks == (Rank.FIVE,) and read.reply.points == 8
    assert "any 5 of theirs would peg them 8 points (fifteen, pair royal)" in explain.card_words(read)


def test_a_card_that_makes_31_starts_the_count_again():
    read = reading(question("2D AH", pile="KD QC 9S"), "2D", immediate=2)
    assert read.then is Then.RESET
    assert explain.card_words(read).startswith("It pegs 2 points now (thirty-one). The count starts again after it.")


def test_no_card_they_might_hold_fits_so_they_must_say_go():
    q = question("AH 2D", pile="KD QC 9S", earlier="AS AD AC 2H 2S 2C", seen="3S 4S KS")
    assert reading(q, "AH").then is Then.GO
    assert reading(question("AH 2D", pile="KD QC 9S"), "AH").then is Then.SCORES  # an ace of theirs makes 31


def test_after_their_go_only_the_cards_they_can_still_hold_answer():
    """They said go at 25: they hold nothing below 7, so a 4 to make 31 is no threat."""
    assert reading(question("2D 3C", pile="KD QC 5S", least=7), "2D").then is Then.GO
    assert reading(question("2D 3C", pile="KD QC 5S"), "2D").reply.ranks == (Rank.FOUR,)


def test_a_lead_nothing_of_theirs_can_score_against():
    read = reading(question("2H 9C", seen="2S 2D 2C"), "2H")
    assert read.then is Then.NOTHING
    assert "After it the count is 2, and no card they might hold scores at once." in explain.card_words(read)


def test_an_opponent_with_no_cards_cannot_answer():
    read = reading(question("5H 9C", pile="KD", cards=0), "5H", immediate=2)
    assert read.then is Then.OUT and "They have no cards left to answer it." in explain.card_words(read)


@pytest.mark.parametrize("seed", range(8))
def test_every_reply_named_is_a_card_they_might_hold_and_scores_what_it_says(seed):
    """Eight seeded deals of one card led and three in hand, in each of which every card
    leaves the opponent a reply that scores (checked: a test that skipped a card with no
    reply could pass having checked nothing)."""
    rng = random.Random(seed)
    cards = rng.sample(DECK, 8)
    q = BestPlayQuestion(tuple(cards[:3]), (cards[3],), (), tuple(cards[4:7]), 3, seed)
    known = set(q.hand) | set(q.pile) | set(q.seen)
    options = grading.best_play_options(q)
    assert options
    for option in options:
        read = explain.read_card(q, option)
        assert read.then is Then.SCORES and read.reply is not None
        assert all(any(c.rank is rank and c not in known for c in DECK) for rank in read.reply.ranks)
        assert sum(item.points for item in read.reply.items) == read.reply.points > 0


def test_the_words_are_russian_in_russian():
    with language("ru"):
        words = explain.card_words(reading(question("5H 9C"), "5H", net=-1.2))
    assert words == ("Сразу она очков не приносит. После неё счёт 5: карта соперника 10, В, Д или К принесла бы ему "
                     "2 очка (пятнадцать). До конца розыгрыша она даёт в среднем итог -1,20 очка.")


# ---------------------------------------------------------------- discards


def test_a_discard_reads_as_the_hand_before_and_with_the_starter_and_the_crib():
    deal = DiscardDeal(tuple(parse_cards("5H 5D JS 4C 6D KS")), True)
    best = analyse_discards(deal.cards, dealer=True)[0]
    read = explain.read_discard(deal, best)
    assert read.before_starter == score_show(best.keep).total
    words = explain.discard_words(read)
    keep = " ".join(c.pretty for c in best.keep)
    assert words.startswith(f"Keeping {keep} holds {read.before_starter} points before the starter and averages {best.hand_ev:.2f}")
    assert f"gives your crib {best.crib_ev:.2f} on average: {best.net_ev:.2f} in all." in words
    pone = explain.discard_words(explain.read_discard(DiscardDeal(deal.cards, False), best))
    assert "gives their crib" in pone and "which you lose" in pone


def test_where_a_discard_loses_names_the_hand_and_the_crib_and_adds_up():
    """Over many deals, both seats: the sentence's two figures are the hand's and
    the crib's share of what the pick gave away, each on the side it says."""
    seen = set()
    rng = random.Random(7)
    for _ in range(12):
        dealer = rng.random() < 0.5
        deal = DiscardDeal(tuple(sorted(rng.sample(DECK, 6))), dealer)
        options = analyse_discards(deal.cards, dealer=dealer)
        best = explain.read_discard(deal, options[0])
        for option in options[1:]:
            mine = explain.read_discard(deal, option)
            hand = options[0].hand_ev - option.hand_ev
            crib = best.crib_worth - mine.crib_worth
            text = explain.where_lost(best, mine)
            assert f"{abs(hand):.2f}" in text and f"{abs(crib):.2f}" in text
            if hand >= 0 and crib >= 0:
                seen.add("both")
                assert text.startswith("Against the best it loses")
            elif hand >= 0:
                seen.add("gains in the crib")
                assert "but loses" in text and text.endswith("in the hand.")
            else:
                seen.add("gains in the hand")
                assert text.startswith("It keeps") and "more in the hand" in text
            assert ("your crib" in text) == dealer and ("their crib" in text) != dealer
    assert seen == {"both", "gains in the crib", "gains in the hand"}


def test_two_cards_alike_now_are_told_apart_by_what_they_leave_in_the_hand():
    q = question("KS 10H 6S", seen="2S 3S 4S")
    king, ten = reading(q, "KS", net=-1.68), reading(q, "10H", net=-1.89)
    assert explain.card_words(king).split(" To the end")[0] == explain.card_words(ten).split(" To the end")[0]
    assert explain.later_note(king, ten) == ("Both peg the same now and leave them the same; the K♠ is better later "
                                             "in the play, for the cards it leaves in your hand.")
    assert explain.later_note(king, reading(q, "6S")) is None  # the 6 leaves a count of 6: a 9 makes fifteen
