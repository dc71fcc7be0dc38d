"""Messages in the drills and the review (issue 12): a flush claimed where the deal holds none
is reported as such in the review (not as a crib flush "seen" and got wrong with nothing
missed), and a flush trap's feedback says the rule it breaks."""

from __future__ import annotations

import re

import pytest

from trainer.record import learners
from trainer.record.attempts import DrillKind
from trainer.record.combos import ComboType
from trainer.record.stats import learner_stats, learner_totals

from .helpers import page_text
from .test_show import open_deal

#: A crib of four clubs whose starter is a diamond: no flush (a crib flush needs all five).
CRIB_TRAP = ("2C 6C 9C KC", "4D")
#: Three hearts in the hand and a heart starter: no flush (the hand's four must match).
HAND_TRAP = ("2H 6H 9H KC", "4H")


def review_row(html: str, label: str) -> str:
    """The visible text of the review's row for one combo type."""
    for row in re.findall(r"<tr>.*?</tr>", html, re.S):
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
        if text.startswith(label):
            return text
    raise AssertionError(f"no review row for {label!r}")


def answer_categories(app, learner, deal, crib: bool, **counts) -> str:
    location = open_deal(app, learner, *deal, mode="category", crib=crib)
    return page_text(learner.post(location, counts, page=location, follow_redirects=True))


def test_a_crib_flush_claimed_where_there_is_none_says_so_in_the_review(app, learner):
    answer_categories(app, learner, CRIB_TRAP, crib=True, fifteen="4", flush="4")
    row = review_row(learner.client.get("/review/").get_data(as_text=True), "Crib flush")
    assert "seen 1" not in row.lower() and not re.search(r"Crib flush 1 0% 0", row)
    assert "claimed 1 time where there was none" in row
    with app.app_context():
        stats = learner_stats(learners.learner_by_name("Ann").id).of(ComboType.CRIB_FLUSH)
    assert (stats.held, stats.false_claims) == (0, 1)


def test_a_real_crib_flush_and_a_false_one_are_counted_apart(app, learner):
    answer_categories(app, learner, ("2C 6C 9C KC", "4C"), crib=True, fifteen="4", flush="5")  # right
    answer_categories(app, learner, CRIB_TRAP, crib=True, fifteen="4", flush="4")  # claimed where none
    row = review_row(learner.client.get("/review/").get_data(as_text=True), "Crib flush")
    assert row.startswith("Crib flush claimed 1 time where there was none 1 100% 0")
    with app.app_context():
        stats = learner_stats(learners.learner_by_name("Ann").id).of(ComboType.CRIB_FLUSH)
    assert (stats.seen, stats.held, stats.right, stats.false_claims) == (2, 1, 1, 1)
    assert stats.held_accuracy == 1.0


def test_a_false_claim_still_steers_the_dealer_to_flush_traps(app, learner):
    """The adaptive dealer keeps counting a false claim as a wrong flush answer: it deals more traps."""
    answer_categories(app, learner, CRIB_TRAP, crib=True, fifteen="4", flush="4")
    with app.app_context():
        totals = learner_totals(learners.learner_by_name("Ann").id, DrillKind.SHOW)
    assert totals.of(ComboType.CRIB_FLUSH).seen == 1 and totals.of(ComboType.CRIB_FLUSH).right == 0


def test_a_false_claim_made_by_claiming_cards_reads_the_same(app, learner):
    location = open_deal(app, learner, *CRIB_TRAP, mode="claims", crib=True)
    learner.post(location + "/claim", {"card": ["2C", "6C", "9C", "KC"], "kind": "flush"}, page=location)
    learner.post(location, {}, page=location)
    row = review_row(learner.client.get("/review/").get_data(as_text=True), "Crib flush")
    assert "claimed 1 time where there was none" in row


@pytest.mark.parametrize("mode", ["category", "total"])
def test_the_crib_flush_trap_says_the_rule_it_breaks(app, learner, mode):
    location = open_deal(app, learner, *CRIB_TRAP, mode=mode, crib=True)
    answer = {"fifteen": "4", "flush": "4"} if mode == "category" else {"total": "8"}
    text = page_text(learner.post(location, answer, page=location, follow_redirects=True))
    assert "a crib flush needs all five cards: the starter too" in text.lower()


def test_the_hand_flush_trap_says_the_rule_it_breaks(app, learner):
    text = answer_categories(app, learner, HAND_TRAP, crib=False, fifteen="4", flush="4")
    assert "three hand cards and the starter are never a flush" in text.lower()


def test_a_wrong_crib_flush_claim_gives_the_rule(app, learner):
    location = open_deal(app, learner, *CRIB_TRAP, mode="claims", crib=True)
    learner.post(location + "/claim", {"card": ["2C", "6C", "9C", "KC"], "kind": "flush"}, page=location)
    text = page_text(learner.post(location, {}, page=location, follow_redirects=True))
    assert "a crib flush needs all five cards: the starter too" in text.lower()


def test_no_trap_no_trap_line(app, learner):
    text = answer_categories(app, learner, ("4C 5D 6H KC", "5S"), crib=False, fifteen="8", pair="2", run="6")
    assert "trap" not in text.lower()
