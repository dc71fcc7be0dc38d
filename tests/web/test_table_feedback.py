"""The game table reads at a glance and tells the truth (issue 19): the dealer's
tag on the score line, the percentage points, the table settings "say go for
me" and the spoken count, taking back a move in a practice game, and the
long-term statistics the results show."""

from __future__ import annotations

import html as htmllib
import json
import re

import pytest
from sqlalchemy import func, select

from trainer.database import db
from trainer.play.totals import seat_totals
from trainer.record.models import Attempt

from .test_play import TablePlayer, start


@pytest.fixture
def seeded(app):
    app.config["PLAY_SEED"] = 11
    return app


def scoreline(html: str) -> str:
    """The score line's text, tags marked as [tag]."""
    line = re.search(r'<div class="scoreline.*?</div>', html, flags=re.S).group(0)
    line = re.sub(r'<span class="tag"[^>]*>([^<]*)</span>', r"[\1]", line)
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", line))).strip()


def until_dealt(player: TablePlayer) -> str:
    html = player.page()
    for _ in range(10):
        if 'data-testid="dealer-tag"' in html:
            return html
        html = player.step(html)
    raise AssertionError("no dealer on the score line")


@pytest.mark.parametrize(("language", "you", "tag"), [("en", "You", "dealer"), ("ru", "Вы", "сдающий")])
def test_the_dealer_tag_labels_a_name_and_never_follows_a_score(seeded, learner, language, you, tag):
    """«Вы 0 СДАЁТ» read as "you 0 deals": the tag is a noun and stands between
    a side's name and its score, on either side of the line."""
    assert learner.post("/language", {"language": language}).status_code == 302
    player = TablePlayer(seeded, learner, start(learner))
    seen_sides = set()
    html = until_dealt(player)
    for _ in range(200):
        line = scoreline(html)
        assert not re.search(r"\d+ \[", line), line  # no tag right after a score
        if f"{you} [{tag}]" in line:
            seen_sides.add("you")
        elif f"[{tag}]" in line:
            assert re.search(rf"\d+ [^\[\]\d]+ \[{tag}\]$", line), line  # the other side, mirrored: score, name, tag
            seen_sides.add("bot")
        if seen_sides == {"you", "bot"}:
            return
        html = player.step(html)
    raise AssertionError(f"the deal did not pass to both sides: {seen_sides}")


# ---------------------------------------------------------------- say go for me


def settings_on(learner, **chosen):
    data = {"animation": "off", **{name: "y" for name, on in chosen.items() if on}}
    assert learner.post("/settings/", data, page="/settings/").status_code == 302


def go_stops(seeded, learner) -> tuple[int, int]:
    """How often the learner was stopped at their own go in a whole game, and how often go was said for them."""
    player = TablePlayer(seeded, learner, start(learner))
    html = player.page()
    stops = 0
    for _ in range(600):
        if "See the results" in html:
            break
        stops += 'value="go"' in html
        html = player.step(html)
    game, _ = player.saved()
    said = sum(1 for e in game.log if type(e).__name__ == "Go" and e.player == 0)
    return stops, said


@pytest.mark.slow
def test_say_go_for_me_is_off_by_default_and_then_never_stops_at_a_go(seeded, learner):
    stops, said = go_stops(seeded, learner)
    assert said and stops == said  # off: the Go button at each go of the learner's
    settings_on(learner, say_go=True)
    stops, said = go_stops(seeded, learner)
    assert said and stops == 0  # on: every go said for them, the play going on


def test_the_spoken_count_setting_is_kept_and_marks_the_table(seeded, learner):
    url = start(learner)
    assert 'data-speak="off"' in learner.client.get(url).get_data(as_text=True)
    settings_on(learner, spoken_count=True)
    html = learner.client.get(url).get_data(as_text=True)
    assert 'data-speak="on"' in html and 'name="spoken_count" value="y" checked' in html


def test_each_combination_of_the_show_carries_what_is_said_as_it_lights_up(seeded, learner):
    player = TablePlayer(seeded, learner, start(learner))
    html = player.page()
    for _ in range(300):
        items = re.findall(r'<li[^>]*><span class="item-name">.*?</li>', html)
        said = [htmllib.unescape(w) for w in re.findall(r'data-say="([^"]*)"', html)]
        if len(items) >= 3 and said:
            assert "data-spoken-live" in html and 'aria-live="polite"' in html
            assert said[0].startswith(("fifteen two", "a pair is two", "a run", "a flush", "one for his nob"))
            assert all(re.search(r"\b(is|fifteen) \w", text) for text in said)
            return
        html = player.step(html)
    raise AssertionError("no count of three combinations came up")


# ---------------------------------------------------------------- take back, in a practice game


@pytest.mark.slow
def test_taking_back_a_discard_leaves_the_game_and_the_record_as_before(seeded, learner):
    player = TablePlayer(seeded, learner, start(learner, practice="on", counting="muggins"))
    html = player.page()
    game, before = player.saved()
    state_before = game.to_dict()
    assert 'data-testid="take-back"' not in html  # nothing to take back yet
    html = player.step(html)  # the discard
    assert 'data-testid="take-back"' in html
    html = player.post(html, "take-back")
    game, after = player.saved()
    assert game.to_dict() == state_before
    assert (after.seen, after.mark, after.notes, after.advice) == (before.seen, before.mark, before.notes, before.advice)
    assert "Your move was taken back" in html and 'data-testid="take-back"' not in html
    player.play_to_end()
    with seeded.app_context():
        assert db.session.scalar(select(func.count(Attempt.id))) == 0  # unrated: nothing recorded
    results = learner.client.get(player.url + "/results").get_data(as_text=True)
    assert re.search(r'Games</span><span class="value">0<', results)  # and out of the statistics


def test_no_move_is_taken_back_past_a_settled_claim_nor_outside_practice(seeded, learner):
    player = TablePlayer(seeded, learner, start(learner, practice="on", counting="muggins"))
    html = player.page()
    for _ in range(300):
        game, row = player.saved()
        settled = row.take_back is not None and any(
            type(e).__name__ in ("TrueCount", "MugginsCalled", "MugginsPassed")
            for e in game.log[json.loads(row.take_back)["log"]:])
        if settled:
            assert 'data-testid="take-back"' not in html
            response = learner.client.post(player.url, data={
                "csrf_token": re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1),
                "version": re.search(r'name="version" value="(\d+)"', html).group(1), "action": "take-back"})
            assert response.status_code == 302
            assert "under muggins it stands" in learner.client.get(player.url).get_data(as_text=True)
            assert player.saved()[0].to_dict() == game.to_dict()
            break
        html = player.step(html)
    else:
        raise AssertionError("no claim was settled after a move")
    rated = TablePlayer(seeded, learner, start(learner))
    html = rated.step(rated.page())
    assert 'data-testid="take-back"' not in html
    html = rated.post(html, "take-back")
    assert "only in a practice game" in html


def test_the_setup_says_how_each_level_plays(learner):
    html = learner.client.get("/play/").get_data(as_text=True)
    notes = re.search(r'data-testid="level-notes">(.*?)</ul>', html, flags=re.S).group(1)
    for level, words in (("Easy", "random card"), ("Medium", "leads low"), ("Hard", "likely reply"),
                         ("Insane", "many hands"), ("Expert", "for the game")):
        assert re.search(rf"<strong>{level}</strong>: [^<]*{words}", notes), level


# ---------------------------------------------------------------- long-term statistics


@pytest.mark.slow
def test_the_results_show_points_per_deal_over_the_games_at_that_level(seeded, learner):
    """Each finished game keeps its seat's hand, crib and pegging points; the
    results add them up per deal over the rated games at that level, and draw a
    line per source, a point per game."""
    totals = []
    for _ in range(2):
        player = TablePlayer(seeded, learner, start(learner))
        player.play_to_end()
        game, row = player.saved()
        own = seat_totals(game.rules, game.log)[0]
        assert (row.hand_points, row.crib_points, row.pegging_points) == (own.hand, own.crib, own.pegging)
        totals.append((row.deals, own))
    practice = TablePlayer(seeded, learner, start(learner, practice="on"))  # unrated: left out
    practice.play_to_end()
    html = learner.client.get(player.url + "/results").get_data(as_text=True)
    deals = sum(d for d, _ in totals)
    hand, crib, pegging = (sum(getattr(t, name) for _, t in totals) / deals for name in ("hand", "crib", "pegging"))
    summary = htmllib.unescape(re.search(r'data-testid="long-term-summary">([^<]*)<', html).group(1))
    assert summary == (f"Over 2 games: {hand:.1f} points a deal from hands, {crib:.1f} from cribs, "
                       f"{pegging:.1f} from pegging.")
    chart = re.search(r'data-testid="long-term-chart".*?</svg>', html, flags=re.S).group(0)
    lines = re.findall(r'<polyline points="([^"]*)"', chart)
    assert len(lines) == 3 and all(len(line.split()) == 2 for line in lines)
    assert 'data-testid="long-term"' not in learner.client.get(practice.url + "/results").get_data(as_text=True)
