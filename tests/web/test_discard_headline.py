"""The discard result writes the points a pick gave away once, the same way in its
headline and in its table's Lost column, even when the loss sits on a rounding tie.

6♠ A♥ 9♦ A♦ K♥ 9♠ as pone, laying away 6♠ K♥: the analysis puts the loss at
1.39499…, recorded (to :data:`trainer.drills.grading.DISCARD_DIGITS` places) as
1.395; the headline wrote the recorded figure (1.40) and the table the unrounded
difference (1.39)."""

from __future__ import annotations

import re

from engine.analysis.discard import analyse_discards
from trainer.drills import grading
from trainer.language import i18n

from .helpers import last_attempt, open_discard, page_text

CARDS, DEALER, PICK = "6S AH 9D AD KH 9S", False, ["6S", "KH"]


def _lost_cell_of_the_pick(html: str) -> str:
    row = re.search(r'<tr[^>]*aria-current="true"[^>]*>(.*?)</tr>', html, re.S).group(1)
    return re.findall(r'<td class="num">(.*?)</td>', row, re.S)[-1].strip()


def test_the_deal_is_a_rounding_tie():
    options = analyse_discards(CARDS, dealer=DEALER)
    mine = next(option for option in options if {str(card) for card in option.discard} == set(PICK))
    unrounded, recorded = options[0].net_ev - mine.net_ev, grading.discard_given_away(options, mine.discard)
    assert recorded == 1.395
    with i18n.language("en"):
        assert i18n.format_decimal(unrounded, 2) != i18n.format_decimal(recorded, 2)


def test_the_headline_and_the_lost_column_give_the_same_figure(app, learner):
    location = open_discard(app, learner, CARDS, DEALER)
    response = learner.post(location, {"card": PICK}, page=location, follow_redirects=True)
    html = response.get_data(as_text=True)
    headline = re.search(r"Your pick gave away ([\d.]+) points on average\.", page_text(response)).group(1)
    assert _lost_cell_of_the_pick(html) == headline
    assert float(last_attempt(app, learner).answer["given_away"]) == 1.395
    with i18n.language("en"):
        assert headline == i18n.format_decimal(1.395, 2)
