"""The pegging quizzes through the test client, with bad input."""

from __future__ import annotations

import re

import pytest

from trainer import database
from trainer.drills.deal import BestPlayQuestion, PeggingMoment
from trainer.record import learners, pending_drills
from trainer.record.attempts import DrillKind

from .helpers import card_values, drill_location, last_attempt, page_text, time_passes


def open_moment(app, learner, pile, earlier=(), go=False, last=False) -> str:
    """A pegging question with a known pile: ``pile`` is [(mine, card), ...]."""
    moment = PeggingMoment.from_dict(
        {"earlier": [list(map(list, count)) for count in earlier], "pile": [list(p) for p in pile], "neither_can_play": go, "last_card": last}
    )
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        drill = pending_drills.open_drill(ann.id, DrillKind.PEGGING, {"moment": moment.to_dict()})
        database.commit()
    return "/pegging/" + drill


def test_a_quiz_from_a_real_deal(learner):
    location = drill_location(learner.client, "/pegging/")
    text = page_text(learner.client.get(location))
    assert "You just played the" in text and "Your points" in text


def test_fifteen_and_a_pair_royal(app, learner):
    location = open_moment(app, learner, [(True, "5H"), (False, "5D"), (True, "5S")])
    text = page_text(learner.post(location, {"count": "15", "points": "8"}, page=location, follow_redirects=True))
    assert "Right: count 15, 8 points." in text
    attempt = last_attempt(app, learner)
    assert {r.type.value for r in attempt.results} == {"pegging: 15", "pegging: pairs"}
    assert attempt.correct


def test_a_run_out_of_order_missed(app, learner):
    location = open_moment(app, learner, [(True, "AS"), (False, "2D"), (True, "5C"), (False, "4H"), (True, "3S")])
    text = page_text(learner.post(location, {"count": "15", "points": "2"}, page=location, follow_redirects=True))
    assert "7 points (you said 2)" in text
    assert "run of 5" in text
    attempt = last_attempt(app, learner)
    assert attempt.points_missed == 5 and not attempt.correct


def test_go_after_a_reset_and_a_broken_pair(app, learner):
    location = open_moment(
        app, learner, [(True, "9D"), (False, "8C"), (True, "9H")],
        earlier=[[(True, "KD"), (False, "QC"), (True, "JS")]], go=True,
    )
    page = page_text(learner.client.get(location))
    assert "Turned over" in page and "neither of you can play" in page
    text = page_text(learner.post(location, {"count": "26", "points": "1"}, page=location, follow_redirects=True))
    assert "Right: count 26, 1 point." in text
    assert "breaks the pair" not in text  # it scored the go, so the note about nothing scoring is not shown
    assert last_attempt(app, learner).results[0].type.value == "pegging: go"


def test_thirty_one_is_two_not_three(app, learner):
    location = open_moment(app, learner, [(True, "KD"), (False, "QC"), (True, "AS"), (False, "10H")], go=True)
    text = page_text(learner.post(location, {"count": "31", "points": "3"}, page=location, follow_redirects=True))
    assert "2 points (you said 3)" in text


def test_last_card(app, learner):
    location = open_moment(app, learner, [(False, "4D"), (True, "9C")], last=True)
    page = page_text(learner.client.get(location))
    assert "last card of the play" in page
    text = page_text(learner.post(location, {"count": "13", "points": "1"}, page=location, follow_redirects=True))
    assert "Right" in text and "last card" in text


@pytest.mark.parametrize(
    "data, message",
    [
        ({"count": "abc", "points": "0"}, "Type the count as a number"),
        ({"count": "40", "points": "0"}, "The count cannot be more than 31"),
        ({"count": "10", "points": "-1"}, "The points cannot be negative."),
        ({"count": "10", "points": "1000000"}, "The points cannot be more than 29"),
        ({"count": "10"}, "Type the points as a number"),
    ],
)
def test_bad_pegging_answers(app, learner, data, message):
    location = open_moment(app, learner, [(False, "7S"), (True, "8D")])
    response = learner.post(location, data, page=location, follow_redirects=True)
    assert response.status_code == 200
    assert message in page_text(response)
    assert "You just played the" in page_text(response)


def test_tampered_and_forged_pegging_posts(app, learner):
    response = learner.post("/pegging/notadrill", {"count": "1", "points": "0"}, follow_redirects=True)
    assert "not open any more" in page_text(response)
    location = open_moment(app, learner, [(False, "7S"), (True, "8D")])
    response = learner.client.post(location, data={"count": "15", "points": "2"}, follow_redirects=True)
    assert "did not come from this page" in page_text(response)


def test_which_card_is_best(app, learner):
    location = drill_location(learner.client, "/pegging/best")
    html = learner.client.get(location).get_data(as_text=True)
    assert "which card is best?" in page_text(learner.client.get(location))
    legal = re.findall(r'name="card" value="([^"]+)" aria-label="[^"]*"(?! disabled)', html)
    assert legal and set(legal) <= set(card_values(html))
    response = learner.post(location, {"card": legal[0]}, page=location, follow_redirects=True)
    text = page_text(response)
    assert "Expected net to the end of the play" in text
    attempt = last_attempt(app, learner)
    assert attempt.kind is DrillKind.BEST_PLAY and attempt.answer["card"] == legal[0]


def test_best_card_refuses_cards_not_in_hand_or_past_31(app, learner):
    question = BestPlayQuestion.from_dict(
        {"hand": "KS 5H 2C", "pile": "10D JC 5S", "earlier": "", "seen": "AS 3D 9C", "opponent_cards": 1, "seed": 1}
    )
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        location = "/pegging/best/" + pending_drills.open_drill(ann.id, DrillKind.BEST_PLAY, {"question": question.to_dict()})
        database.commit()
    for bad in ("KS", "QQ", "AH", ""):
        response = learner.post(location, {"card": bad}, page=location, follow_redirects=True)
        assert "Pick one of your cards that can be played" in page_text(response)
    text = page_text(learner.post(location, {"card": "5H"}, page=location, follow_redirects=True))
    assert "Points now" in text


def test_a_missed_pile_comes_back_when_it_is_due(app, learner):
    location = open_moment(app, learner, [(True, "5H"), (False, "5D"), (True, "5S")])
    learner.post(location, {"count": "15", "points": "2"}, page=location)
    time_passes(app, "Ann", 11)
    comeback = drill_location(learner.client, "/pegging/")
    text = page_text(learner.client.get(comeback))
    assert "A pile you missed earlier is back" in text
    assert "You just played the 5♠" in text


def test_the_points_are_not_in_the_quiz_page(app, learner):
    location = open_moment(app, learner, [(True, "5H"), (False, "5D"), (True, "5S")])
    html = learner.client.get(location).get_data(as_text=True)
    assert "pair royal" not in html and "fifteen" not in html and "Right" not in html


def test_best_card_after_the_opponents_go(app, learner):
    question = BestPlayQuestion.from_dict(
        {"hand": "AS 2C 9H", "pile": "10D JC 5S", "earlier": "", "seen": "3S 3D 9C", "opponent_cards": 2, "seed": 4,
         "last_mine": True, "opponent_min_value": 7}
    )
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        location = "/pegging/best/" + pending_drills.open_drill(ann.id, DrillKind.BEST_PLAY, {"question": question.to_dict()})
        database.commit()
    assert "said “go” at this count" in page_text(learner.client.get(location))
    text = page_text(learner.post(location, {"card": "AS"}, page=location, follow_redirects=True))
    assert "Points now" in text


def open_question(app, learner, **fields) -> str:
    question = BestPlayQuestion.from_dict({"earlier": "", "seed": 1, **fields})
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        location = "/pegging/best/" + pending_drills.open_drill(ann.id, DrillKind.BEST_PLAY, {"question": question.to_dict()})
        database.commit()
    return location


def test_a_card_not_the_best_is_explained_in_words_beside_the_best(app, learner):
    """The pegging quiz says why in words; a best-card answer said numbers only.
    Leading the 5 lets any ten-card make fifteen: the 3 does not."""
    location = open_question(app, learner, hand="5H 3C", pile="", seen="2S 4S KS", opponent_cards=4)
    response = learner.post(location, {"card": "5H"}, page=location, follow_redirects=True)
    text = page_text(response)
    assert "The 3♣ was better" in text and "<h1" in response.get_data(as_text=True)
    why = text.split("Why", 1)[1].split("Card Points now", 1)[0]
    assert why.startswith(" The best, the 3♣: It pegs nothing now. After it the count is 3: any 3 of theirs would peg them 2 points (pair).")
    assert ("Your 5♥: It pegs nothing now. After it the count is 5: any 10, J, Q or K of theirs would peg them "
            "2 points (fifteen). To the end of the play it nets -") in why


def test_the_best_card_is_explained_alone(app, learner):
    location = open_question(app, learner, hand="5H 9C", pile="KD", seen="2S 3S KS", opponent_cards=3)
    text = page_text(learner.post(location, {"card": "5H"}, page=location, follow_redirects=True))
    assert "Good: the 5♥ is as good as any." in text
    assert "Your 5♥: It pegs 2 points now (fifteen). After it the count is 15:" in text and "The best, the" not in text
