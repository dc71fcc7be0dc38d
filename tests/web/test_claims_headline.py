"""The claims drill's headline counts the wrong claims too: a wrong claim scores
nothing, so "Your claims make 7; the hand is worth 7." under a wrong claim read as
a right answer marked wrong.  With wrong claims it says the right ones' points and
how many were wrong; without, it reads as before."""

from __future__ import annotations

import re

import pytest

from trainer import database
from trainer.drills.deal import ShowDeal
from trainer.record import learners, pending_drills
from trainer.record.attempts import DrillKind

#: 2+3+K and 2+4+9 are fifteens, 2-3-4 a run: 7.
HAND, STARTER = "2C 3D 4H 9S", "KD"
RIGHT = [("fifteen", ["2C", "3D", "KD"]), ("fifteen", ["2C", "4H", "9S"])]
WRONG = [("pair", ["9S"]), ("run", ["3D", "4H"])]


def _claimed(app, learner, claims, crib: bool = False) -> str:
    """The headline of the result after ``claims``, as the learner reads it."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        deal = ShowDeal.from_dict({"hand": HAND, "starter": STARTER, "crib": crib})
        options = {"mode": "claims", "crib": crib, "focus": "any", "timed": False}
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW, {"deal": deal.to_dict(), "options": options, "claims": []})
        database.commit()
    location = "/show/" + drill
    for kind, cards in claims:
        learner.post(location + "/claim", {"card": cards, "kind": kind}, page=location)
    html = learner.post(location, {}, page=location, follow_redirects=True).get_data(as_text=True)
    headline = re.search(r'<h1 id="verdict"[^>]*>(.*?)</h1>', html, re.S).group(1)
    return " ".join(headline.split())


@pytest.mark.parametrize("wrong, said", [
    (WRONG[:1], "Your right claims make 4 of the hand's 7; 1 claim was wrong."),
    (WRONG, "Your right claims make 4 of the hand's 7; 2 claims were wrong."),
])
def test_the_headline_says_how_many_claims_were_wrong(app, learner, wrong, said):
    assert _claimed(app, learner, RIGHT + wrong) == said


def test_every_combination_found_and_a_wrong_claim_is_not_read_as_the_total(app, learner):
    everything = RIGHT + [("run", ["2C", "3D", "4H"])]
    assert _claimed(app, learner, everything + WRONG[:1]) == "Your right claims make 7 of the hand's 7; 1 claim was wrong."


def test_a_crib_is_named_as_the_crib(app, learner):
    assert _claimed(app, learner, RIGHT + WRONG, crib=True) == "Your right claims make 4 of the crib's 7; 2 claims were wrong."


def test_without_a_wrong_claim_the_headline_is_as_before(app, learner):
    assert _claimed(app, learner, RIGHT) == "Your claims make 4; the hand is worth 7."


def test_the_headline_in_russian(app, learner):
    learner.post("/language", {"language": "ru"})
    assert _claimed(app, learner, RIGHT + WRONG) == "Верные заявки дают 4, а рука стоит 7; неверных заявок: 2."
    assert _claimed(app, learner, RIGHT + WRONG, crib=True) == "Верные заявки дают 4, а ясли стоят 7; неверных заявок: 2."
