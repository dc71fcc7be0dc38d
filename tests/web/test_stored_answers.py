"""Attempts stored before the drills' answers were values read back on their
result pages and in the review: the stored JSON did not change, and each page
reads every shape the drills, the lessons and the games have written."""

from __future__ import annotations

import pytest

from trainer import database
from trainer.record import attempts, learners
from trainer.record.attempts import DrillKind, NewAttempt

from .helpers import page_text

HAND = {"deal": {"hand": "4C 5D 6H KC", "starter": "5S", "crib": False}}
#: Attempts as the drills wrote them: what was dealt, the answer, the mode, and what the result page says.
STORED = {
    "count by total": (DrillKind.SHOW, HAND | {"options": {"mode": "total", "crib": False, "focus": "auto",
                                                           "timed": False}}, {"total": 12}, "total",
                       "You said 12; it is 16: 4 points too few."),
    "count by category, a kind left out": (DrillKind.SHOW, HAND, {"categories": {"fifteen": 8}}, "category",
                                           "You said 8; it is 16: 8 points too few."),
    "count by claims, cards unsorted": (DrillKind.SHOW, HAND, {"claims": [["run", "6H 5D 4C"]]}, "claims",
                                        "Your claims make 3; the hand is worth 16."),
    "count in a lesson": (DrillKind.SHOW, HAND | {"source": "lesson"}, {"total": 16}, "lesson", "Right: 16."),
    "pegging": (DrillKind.PEGGING, {"moment": {"earlier": [], "pile": [[True, "7S"], [False, "8D"]],
                                               "neither_can_play": False, "last_card": False}},
                {"count": 15, "points": 2}, "points", "Right: count 15, 2 points."),
    "discard": (DrillKind.DISCARD, {"deal": {"cards": "5H 5D JS 4C 6D KS", "dealer": True}},
                {"discard": "4C 6D", "given_away": 1.2345}, "dealer", "Your pick gave away 1.23 points on average."),
    "best card from a game": (DrillKind.BEST_PLAY, {"question": {"hand": "KC 2H AS 3C", "pile": "", "earlier": "",
                                                                 "seen": "7H QH 9S", "opponent_cards": 4, "seed": 5}},
                              {"card": "KC", "given_away": 0.5}, "best card", "gives away 0.50 points on average"),
}
RESULT = {DrillKind.SHOW: "show", DrillKind.PEGGING: "pegging", DrillKind.DISCARD: "discard",
          DrillKind.BEST_PLAY: "pegging/best"}


@pytest.mark.parametrize("stored", STORED)
def test_an_attempt_stored_in_the_old_shape_shows_its_result(app, learner, stored):
    kind, dealt, answer, mode, shown = STORED[stored]
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        (attempt_id,) = attempts.record_attempts(
            ann.id, [NewAttempt(kind, dealt=dealt, answer=answer, results=(), points_expected=0, points_answered=0,
                                points_missed=1, correct=False, mode=mode)]
        )
        database.commit()
    response = learner.client.get(f"/{RESULT[kind]}/result/{attempt_id}")
    assert response.status_code == 200
    text = page_text(response)
    assert shown in text and "cannot show" not in text
    review = learner.client.get("/review/history")
    assert review.status_code == 200 and f"/{RESULT[kind]}/result/{attempt_id}" in review.get_data(as_text=True)
