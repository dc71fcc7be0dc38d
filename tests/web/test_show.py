"""The show-counting drill through the Flask test client: every answer mode,
options, and every kind of bad input."""

from __future__ import annotations

import re

import pytest
from flask import render_template_string

from engine.scoring import score_show
from trainer import database
from trainer.drills.adaptive import focus_weights
from trainer.drills.deal import FocusKind, ShowDeal
from trainer.language.i18n import language
from trainer.record import attempts, history, learners, pending_drills
from trainer.record.attempts import DrillKind
from trainer.record.combos import ComboResult, ComboType
from trainer.record.stats import learner_totals

from .helpers import drill_id, drill_location, last_attempt, page_text, time_passes


def open_deal(app, learner, hand: str, starter: str, mode: str = "total", crib: bool = False, timed=False) -> str:
    """Open a drill with known cards (as the dealer would) and return its page."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        deal = ShowDeal.from_dict({"hand": hand, "starter": starter, "crib": crib})
        options = {"mode": mode, "crib": crib, "focus": "any", "timed": timed}
        drill = pending_drills.open_drill(ann.id, DrillKind.SHOW, {"deal": deal.to_dict(), "options": options, "claims": []})
        database.commit()
    return "/show/" + drill


def test_a_new_hand_redirects_to_its_own_page(learner):
    location = drill_location(learner.client, "/show/")
    page = learner.client.get(location)
    assert page.status_code == 200
    assert "Count the hand" in page_text(page)
    assert page.get_data(as_text=True).count('role="img"') == 5


def test_the_answer_is_not_in_the_page_before_submitting(app, learner):
    location = open_deal(app, learner, "5H 5D 5S JC", "5C")
    response = learner.client.get(location)
    html = response.get_data(as_text=True)
    assert "29" not in page_text(response)  # (the page's random CSRF token may hold any digits)
    assert "double pair royal" not in html and "his nob" not in html and "fifteen two" not in html


def test_total_right(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    response = learner.post(location, {"total": "16"}, page=location, follow_redirects=True)
    text = page_text(response)
    assert "Right: 16." in text
    assert "a double run of three" in text
    attempt = last_attempt(app, learner)
    assert attempt.correct and attempt.points_answered == 16 and attempt.mode == "total"
    assert attempt.dealt["deal"] == {"hand": "4C 5D 6H KC", "starter": "5S", "crib": False}


def test_total_wrong_shows_the_difference_and_every_item(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    text = page_text(learner.post(location, {"total": "12"}, page=location, follow_redirects=True))
    assert "You said 12; it is 16: 4 points too few." in text
    assert text.count("run of 3") == 2
    attempt = last_attempt(app, learner)
    assert not attempt.correct and attempt.points_missed == 4
    assert {r.type.value for r in attempt.results} == {"fifteen of 2 cards", "fifteen of 3 cards", "pair", "multiple runs"}
    # 4 short is two fifteens, or a fifteen and the pair: never a run of three
    assert {r.type.value for r in attempt.results if not r.right} == {"fifteen of 2 cards", "fifteen of 3 cards", "pair"}
    assert "counts against Fifteen of 2 cards, Fifteen of 3 cards, Pair: a total too low counts against" in text


def test_per_category_gives_an_exact_diff_per_kind(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="category")
    answer = {"fifteen": "8", "pair": "2", "run": "3", "flush": "", "nobs": "0"}
    text = page_text(learner.post(location, answer, page=location, follow_redirects=True))
    assert "Runs 6 3 3 too few" in text
    assert "Fifteens 8 8 ✓" in text
    attempt = last_attempt(app, learner)
    by_type = {r.type.value: r for r in attempt.results}
    assert by_type["multiple runs"].missed_points == 3 and not by_type["multiple runs"].right
    assert by_type["pair"].right and by_type["fifteen of 2 cards"].right


def test_a_total_too_high_says_so_in_words_and_counts_against_no_type(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    text = page_text(learner.post(location, {"total": "18"}, page=location, follow_redirects=True))
    assert "You said 18; it is 16: 2 points too many." in text and "(+2)" not in text
    assert "Points over-claimed: 2" in text and "Points missed" not in text
    assert "this answer counts against no combo type: a total too high counts against none" in text
    assert "flush trap" not in text  # the hand tempts no false flush: the trap's half of the rule would puzzle
    attempt = last_attempt(app, learner)
    assert not attempt.correct and all(r.right for r in attempt.results)


def test_a_total_one_too_few_says_one_point(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    text = page_text(learner.post(location, {"total": "15"}, page=location, follow_redirects=True))
    assert "You said 15; it is 16: 1 point too few." in text


def test_a_category_counted_too_high_is_over_not_missed(app, learner):
    """The issue's case: Fifteens true 8, yours 10, was a red MISSED badge, and
    "Points missed" counted only the runs."""
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="category")
    answer = {"fifteen": "10", "pair": "2", "run": "3", "flush": "0", "nobs": "0"}
    response = learner.post(location, answer, page=location, follow_redirects=True)
    text, html = page_text(response), response.get_data(as_text=True)
    assert "Fifteens 8 10 2 too many" in text and "Runs 6 3 3 too few" in text
    assert "Points missed: 3" in text and "Points over-claimed: 2" in text
    badges = re.findall(r'<h3>\s*(\w+): \d+\s*(.*?)</h3>', html, re.S)
    verdicts = {kind: re.findall(r'class="badge (\w+)"', rest) for kind, rest in badges}
    assert verdicts == {"Fifteens": ["over"], "Pairs": ["ok"], "Runs": ["missed"]}
    assert "You said 15; it is 16: 1 point too few." in text


def test_categories_that_add_up_to_the_total_yet_are_wrong_say_so(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="category")
    answer = {"fifteen": "10", "pair": "0", "run": "6", "flush": "0", "nobs": "0"}
    text = page_text(learner.post(location, answer, page=location, follow_redirects=True))
    assert "Your counts add up to 16, the right total, but not kind by kind." in text
    assert "(+0)" not in text


def test_an_over_counted_flush_trap_counts_against_the_flush_and_not_the_run(app, learner):
    """The issue's case: after one flush trap counted with its false flush, "Run
    0%" was the weakest type and the adaptive dealer followed it."""
    location = open_deal(app, learner, "3H 4H 5H KC", "6H")  # a run of four; 8 in all; no flush
    text = page_text(learner.post(location, {"total": "12"}, page=location, follow_redirects=True))
    assert "counts against Hand flush (claimed where there was none)" in text
    assert "Why no flush:" in text
    with app.app_context():
        totals = learner_totals(learners.learner_by_name(learner.name).id, DrillKind.SHOW)
    assert totals.of(ComboType.RUN).accuracy == 1.0 and totals.of(ComboType.FIFTEEN_2).accuracy == 1.0
    assert totals.of(ComboType.HAND_FLUSH).false_claims == 1
    weights = focus_weights(totals)
    assert max(weights, key=weights.get) is FocusKind.FLUSH_TRAPS
    review = page_text(learner.client.get("/review/"))
    assert "Run 1 100%" in review and "Hand flush claimed 1 time where there was none" in review


def test_claims_name_each_missed_combo_and_wrong_claim(app, learner):
    location = open_deal(app, learner, "5H 5D 5S JC", "5C", mode="claims")
    claim = location + "/claim"
    learner.post(claim, {"card": ["5H", "5D", "5S", "5C"], "kind": "pair"}, page=location)
    learner.post(claim, {"card": ["JC"], "kind": "nobs"}, page=location)
    learner.post(claim, {"card": ["5H", "JC"], "kind": "fifteen"}, page=location)
    learner.post(claim, {"card": ["5H", "5D"], "kind": "run"}, page=location)
    page = page_text(learner.client.get(location))
    assert "Your claims" in page and "remove" in page
    text = page_text(learner.post(location, {}, page=location, follow_redirects=True))
    assert "Your right claims make 15 of the hand's 29; 1 claim was wrong." in text
    assert "a run needs three cards or more" in text
    assert text.count("fifteen (missed)") == 7
    attempt = last_attempt(app, learner)
    assert attempt.points_missed == 14
    assert attempt.answer["claims"][0] == ["pair", "5S 5H 5D 5C"]


def test_a_claim_can_be_taken_back(app, learner):
    location = open_deal(app, learner, "5H 5D 5S JC", "5C", mode="claims")
    learner.post(location + "/claim", {"card": ["JC"], "kind": "nobs"}, page=location)
    learner.post(location + "/unclaim", {"index": "0"}, page=location)
    assert "None yet" in page_text(learner.client.get(location))


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "pair"}, "Tick the cards of the combination first"),
        ({"card": ["2C"], "kind": "pair"}, "Those cards are not in this deal."),
        ({"card": ["ZZ"], "kind": "pair"}, "Those cards are not in this deal."),
        ({"card": ["JC"], "kind": "heels"}, "Claim a fifteen, pair, run, flush or nobs."),
        ({"card": ["JC"], "kind": "go"}, "Claim a fifteen, pair, run, flush or nobs."),
        ({"card": ["JC", "JC"], "kind": "nobs"}, "Those cards are not in this deal."),
    ],
)
def test_bad_claims_get_a_message(app, learner, data, message):
    location = open_deal(app, learner, "5H 5D 5S JC", "5C", mode="claims")
    response = learner.post(location + "/claim", data, page=location, follow_redirects=True)
    assert response.status_code == 200
    assert message in page_text(response)


@pytest.mark.parametrize("index", ["5", "-1", "x", "", "99999999999999999999"])
def test_removing_a_missing_claim_gets_a_message(app, learner, index):
    location = open_deal(app, learner, "5H 5D 5S JC", "5C", mode="claims")
    response = learner.post(location + "/unclaim", {"index": index}, page=location, follow_redirects=True)
    assert "There is no such claim to remove." in page_text(response)


@pytest.mark.parametrize(
    "total, message",
    [
        ("twelve", "Type your total as a number, like 12."),
        ("", "Type your total as a number, like 12."),
        ("1.5", "Type your total as a number, like 12."),
        ("-3", "Your total cannot be negative."),
        ("30", "Your total cannot be more than 29"),
        ("99999999999999999999999999", "Type your total as a number"),
        ("1e9", "Type your total as a number"),
    ],
)
def test_bad_totals_get_a_message_and_keep_the_hand(app, learner, total, message):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    response = learner.post(location, {"total": total}, page=location, follow_redirects=True)
    assert response.status_code == 200
    text = page_text(response)
    assert message in text
    assert "Count the hand" in text  # the same drill, still open
    with app.app_context():
        assert history.history(learners.learner_by_name("Ann").id) == ()


@pytest.mark.parametrize("field, value, message", [("run", "x", "points for runs"), ("nobs", "2", "cannot be more than 1"), ("pair", "-2", "cannot be negative")])
def test_bad_category_counts_get_a_message(app, learner, field, value, message):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", mode="category")
    response = learner.post(location, {field: value}, page=location, follow_redirects=True)
    assert message in page_text(response)


def test_a_hand_cannot_be_answered_twice(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    learner.post(location, {"total": "16"}, page=location)
    response = learner.post(location, {"total": "16"}, follow_redirects=True)
    assert "not open any more" in page_text(response)
    with app.app_context():
        assert len(history.history(learners.learner_by_name("Ann").id)) == 1


@pytest.mark.parametrize("bogus", ["nope", "0" * 32, "x" * 300, "1"])  # "%00" is no route at all: test_odd_input
def test_tampered_drill_ids_get_a_new_hand(learner, bogus):
    response = learner.post(f"/show/{bogus}", {"total": "3"}, follow_redirects=True)
    assert response.status_code == 200
    assert "not open any more" in page_text(response)
    assert "Count the hand" in page_text(response)


def test_another_learners_drill_is_not_yours(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    learner.new("Bob")
    response = learner.post(location, {"total": "16"}, follow_redirects=True)
    assert "not open any more" in page_text(response)


def test_a_forged_answer_is_refused(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    response = learner.client.post(location, data={"total": "16"}, follow_redirects=True)
    assert "did not come from this page" in page_text(response)
    with app.app_context():
        assert history.history(learners.learner_by_name("Ann").id) == ()


def test_someone_elses_result_is_not_shown(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    result = learner.post(location, {"total": "16"}, page=location).headers["Location"]
    learner.new("Bob")
    response = learner.client.get(result, follow_redirects=True)
    assert "There is no such result of yours." in page_text(response)


@pytest.mark.parametrize("url", ["/show/result/999", "/show/result/-1", "/show/result/abc"])
def test_missing_results(learner, url):
    response = learner.client.get(url, follow_redirects=True)
    assert response.status_code in (200, 404)
    assert "Traceback" not in response.get_data(as_text=True)


def test_options_crib_and_focus(app, learner):
    location = drill_location(learner.client, "/show/?crib=1&focus=nobs&mode=category&timed=1")
    with app.app_context():
        pending = pending_drills.pending_drill(drill_id(location), learners.learner_by_name("Ann").id, DrillKind.SHOW)
    deal = ShowDeal.from_dict(pending.payload["deal"])
    assert deal.crib
    assert any(item.name == "his nob" for item in score_show(deal.hand, deal.starter, crib=True).items)
    text = page_text(learner.client.get(location))
    assert "Count the crib" in text and "Time:" in text and "Fifteens" in text


@pytest.mark.parametrize("query, current", [("", "Adaptive"), ("?focus=auto", "Adaptive"), ("?focus=nobs", "Nobs"),
                                            ("?focus=any", "Any")])
def test_the_options_mark_the_focus_the_hand_was_dealt_with(learner, query, current):
    page = learner.client.get(drill_location(learner.client, "/show/" + query))
    marked = re.findall(r'aria-current="true">([^<]+)</a>', page.get_data(as_text=True))
    focus_labels = {"Adaptive"} | {focus.label for focus in FocusKind}
    assert [label for label in marked if label in focus_labels] == [current]
    assert "Options: total · hand · " + current.lower() in page_text(page)


def test_unknown_options_are_ignored_with_a_message(learner):
    response = learner.client.get("/show/?mode=psychic&focus=everything", follow_redirects=True)
    assert response.status_code == 200
    assert "An unknown drill option was ignored." in page_text(response)


def test_timed_mode_records_the_seconds(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S", timed=True)
    text = page_text(learner.post(location, {"total": "16"}, page=location, follow_redirects=True))
    assert "Time:" in text
    assert last_attempt(app, learner).seconds is not None


def test_a_missed_hand_comes_back_when_it_is_due(app, learner):
    location = open_deal(app, learner, "4C 5D 6H KC", "5S")
    learner.post(location, {"total": "3"}, page=location)
    soon = drill_location(learner.client, "/show/")
    assert "A hand you missed earlier is back" not in page_text(learner.client.get(soon))  # due in minutes
    time_passes(app, "Ann", 11)
    comeback = drill_location(learner.client, "/show/")
    text = page_text(learner.client.get(comeback))
    assert "A hand you missed earlier is back" in text
    with app.app_context():
        pending = pending_drills.pending_drill(drill_id(comeback), learners.learner_by_name("Ann").id, DrillKind.SHOW)
    assert pending.payload["deal"]["hand"] == "4C 5D 6H KC"
    learner.post(comeback, {"total": "16"}, page=comeback)
    assert last_attempt(app, learner).retry_of is not None
    # answered right this time: it does not come back again
    later = drill_location(learner.client, "/show/")
    with app.app_context():
        pending = pending_drills.pending_drill(drill_id(later), learners.learner_by_name("Ann").id, DrillKind.SHOW)
    assert pending.retry_of is None


def test_a_counts_items_read_as_words_with_their_points(app):
    """The game review listed a count's items as "(…, run of 3 3, run of 3 3)": each
    item now says what it is worth ("run of 3 for 3"), in either language."""
    items = score_show("4C 5D 6H KC", "5S").items
    source = '{% from "show/_items.html" import items_in_words %}{{ items_in_words(items) }}'
    with app.test_request_context("/"):
        english = render_template_string(source, items=items)
        with language("ru"):
            russian = render_template_string(source, items=items)
    assert english == ("fifteen for 2, fifteen for 2, fifteen for 2, fifteen for 2, pair for 2, "
                       "run of 3 for 3, run of 3 for 3")
    assert russian.endswith("пара — 2, последовательность из трёх — 3, последовательность из трёх — 3")
    play_review, _, _ = app.jinja_loader.get_source(app.jinja_env, "play/review.html")
    assert "items_in_words(c.items)" in play_review  # the game review lists them so


def test_a_total_recorded_before_the_rule_says_what_it_was_counted_against(app, learner):
    """Before the rule a wrong total counted against every type in the hand; such
    an attempt keeps its record, and its result page says so rather than
    claiming the new rule's attribution."""
    with app.app_context():
        ann = learners.learner_by_name(learner.name)
        results = tuple(ComboResult(t, 2, 0, False) for t in (ComboType.FIFTEEN_2, ComboType.RUN))
        (attempt_id,) = attempts.record_attempts(ann.id, [attempts.NewAttempt(
            DrillKind.SHOW, {"deal": {"hand": "3H 4H 5H KC", "starter": "6H", "crib": False}}, {"total": 12}, results,
            8, 12, 0, False, "total")])
        database.commit()
    text = page_text(learner.client.get(f"/show/result/{attempt_id}"))
    assert ("counts against Fifteen of 2 cards, Run: it was recorded before the rule that a total too high counts "
            "against none of the types the hand holds") in text


def _hands_dealt(app, learner, seed: int, count: int = 3) -> list[str]:
    """The hands of the next ``count`` count drills dealt with ``DRILL_SEED`` set to ``seed``."""
    app.config["DRILL_SEED"] = seed
    hands = []
    for _ in range(count):
        location = drill_location(learner.client, "/show/?focus=any")
        with app.app_context():
            pending = pending_drills.pending_drill(drill_id(location), learners.learner_by_name("Ann").id, DrillKind.SHOW)
        hands.append(pending.payload["deal"]["hand"])
    return hands


def test_the_drill_seed_fixes_a_sequence_of_deals_not_one_deal(app, learner):
    """The tests' apps set ``DRILL_SEED``: the same requests deal the same hands every run,
    and each new drill is another hand (seeding each with the seed itself dealt one hand)."""
    first = _hands_dealt(app, learner, 5)
    assert len(set(first)) == 3
    assert _hands_dealt(app, learner, 6) != first
    assert _hands_dealt(app, learner, 5) == first  # a seed set again starts its sequence again
