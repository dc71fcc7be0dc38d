"""The discard drill through the test client."""

from __future__ import annotations

import pytest

from engine.analysis.discard import analyse_discards
from engine.scoring import score_show
from trainer.record import history, learners

from .helpers import drill_location, open_discard, page_text, time_passes


def test_a_new_discard_deal(learner):
    location = drill_location(learner.client, "/discard/?as=dealer")
    text = page_text(learner.client.get(location))
    assert "you are the dealer" in text
    assert learner.client.get(location).get_data(as_text=True).count('name="card"') == 6


def test_the_best_discard(app, learner):
    best = analyse_discards("5H 5D JS 4C 6D KS", dealer=True)[0]
    location = open_discard(app, learner, "5H 5D JS 4C 6D KS", dealer=True)
    data = {"card": [str(c) for c in best.discard]}
    response = learner.post(location, data, page=location, follow_redirects=True)
    text = page_text(response)
    assert "Best discard" in text
    keep = " ".join(c.pretty for c in best.keep)
    assert f"Your pick: Keeping {keep} holds" in text and "The best:" not in text  # one reading: yours is the best
    assert f"gives your crib {best.crib_ev:.2f} on average: {best.net_ev:.2f} in all." in text
    assert response.get_data(as_text=True).count('aria-current="true"') == 1  # the row of the pick
    with app.app_context():
        attempt = history.history(learners.learner_by_name("Ann").id, limit=1)[0]
    assert attempt.correct


def test_a_poor_discard_shows_what_it_gave_away(app, learner):
    options = analyse_discards("5H 5D JS 4C 6D KS", dealer=False)
    worst = options[-1]
    location = open_discard(app, learner, "5H 5D JS 4C 6D KS", dealer=False)
    text = page_text(learner.post(location, {"card": [str(c) for c in worst.discard]}, page=location, follow_redirects=True))
    given = options[0].net_ev - worst.net_ev
    assert f"Your pick gave away {given:.2f} points on average." in text
    assert text.count("%.2f" % worst.net_ev) >= 1
    # why, in words: what each keeps before and with the starter, what each gives their crib, and where the pick loses
    best = options[0]
    keep = " ".join(c.pretty for c in best.keep)
    assert f"The best: Keeping {keep} holds {score_show(best.keep).total} points before the starter" in text
    assert f"gives their crib {best.crib_ev:.2f} on average, which you lose: {best.net_ev:.2f} net." in text
    assert f"Your pick: Keeping {' '.join(c.pretty for c in worst.keep)} holds" in text
    hand, crib = best.hand_ev - worst.hand_ev, worst.crib_ev - best.crib_ev
    assert f"{abs(hand):.2f} in the hand" in text and f"their crib {abs(crib):.2f}" in text


@pytest.mark.parametrize("cards", [[], ["5H"], ["5H", "5D", "JS"], ["5H", "AS"], ["5H", "5H"], ["junk", "5H"]])
def test_a_discard_must_be_two_of_your_cards(app, learner, cards):
    location = open_discard(app, learner, "5H 5D JS 4C 6D KS", dealer=True)
    response = learner.post(location, {"card": cards}, page=location, follow_redirects=True)
    assert "Pick exactly two of your six cards" in page_text(response)


def test_tampered_discard_id(learner):
    response = learner.post("/discard/zzz", {"card": ["5H", "5D"]}, follow_redirects=True)
    assert "not open any more" in page_text(response)


def test_a_poor_discard_comes_back_when_it_is_due(app, learner):
    worst = analyse_discards("5H 5D JS 4C 6D KS", dealer=False)[-1]
    location = open_discard(app, learner, "5H 5D JS 4C 6D KS", dealer=False)
    learner.post(location, {"card": [str(c) for c in worst.discard]}, page=location)
    time_passes(app, "Ann", 11)
    comeback = drill_location(learner.client, "/discard/")
    text = page_text(learner.client.get(comeback))
    assert "A deal you discarded poorly earlier is back" in text
    assert "you are the pone" in text


def test_the_analysis_is_not_in_the_page_before_the_pick(app, learner):
    location = open_discard(app, learner, "5H 5D JS 4C 6D KS", dealer=True)
    text = page_text(learner.client.get(location))  # text, not HTML: the CSRF token may hold any digits
    best = analyse_discards("5H 5D JS 4C 6D KS", dealer=True)[0]
    assert f"{best.net_ev:.2f}" not in text and "Net" not in text
